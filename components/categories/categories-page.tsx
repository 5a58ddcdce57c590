"use client";
// Settings → Categories, for the scope's admins: make a category (at the top or under a top-level
// one), and for each: rename in place, move, merge into another (the dialog says how many
// transactions move), archive and restore. Children are indented under their parents.
import { useState } from "react";
import { parentsFor } from "@/components/categories/category-options";
import { CategoryRow } from "@/components/categories/category-row";
import { AdminPage } from "@/components/settings/admin-page";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, EmptyState } from "@/components/ui/card";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import { QueryStates } from "@/components/ui/query-states";
import { ActionStatus, outcome, type ActionOutcome } from "@/components/ui/action-status";
import { useCategories, useCreateCategory, type Category } from "@/lib/client/categories";
import { errorMessage } from "@/lib/client/errors";

export function CategoriesPage() {
  return (
    <AdminPage
      title="Categories"
      description="What your money is for. Each transaction has at most one category; a counterpart can give its transactions a default one. Renaming shows everywhere at once."
      loading="Loading categories"
      what="change categories"
    >
      {() => <CategoriesAdmin />}
    </AdminPage>
  );
}

function CategoriesAdmin() {
  const categories = useCategories(true);
  return (
    <div className="space-y-6">
      <CreateCategoryCard parents={parentsFor(categories.data ?? [])} />
      <Card>
        <CardHeader title="Your categories" description="Archived ones stay on the transactions that have them." />
        <QueryStates
          query={categories}
          loading="Loading categories"
          empty={
            <EmptyState title="No categories yet">
              Add one above. A new scope starts with a default set; it may have been merged away.
            </EmptyState>
          }
        >
          {(list) => (
            <ul className="divide-y divide-slate-100" aria-label="Categories">
              {list.map((c) => (
                <CategoryRow key={c.id} category={c} all={list} />
              ))}
            </ul>
          )}
        </QueryStates>
      </Card>
    </div>
  );
}

function CreateCategoryCard({ parents }: { parents: Category[] }) {
  const create = useCreateCategory();
  const [name, setName] = useState("");
  const [parentId, setParentId] = useState("");
  const [made, setMade] = useState<ActionOutcome | null>(null);
  return (
    <Card>
      <CardHeader title="New category" />
      <form
        className="flex flex-wrap items-end gap-3 px-5 py-4"
        onSubmit={(e) => {
          e.preventDefault();
          setMade(null);
          create.mutate(
            { name: name.trim(), parentId: parentId || null },
            {
              onSuccess: (c) => {
                setName("");
                setMade(outcome(`Created “${c.name}”.`));
              },
            },
          );
        }}
      >
        <TextField
          label="Name"
          className="min-w-0 flex-1 sm:w-64 sm:flex-none"
          required
          maxLength={80}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <SelectField
          label="Under"
          className="w-full sm:w-64"
          value={parentId}
          onChange={(e) => setParentId(e.target.value)}
          options={[{ value: "", label: "Top level" }, ...parents.map((p) => ({ value: p.id, label: p.name }))]}
        />
        <Button type="submit" pending={create.isPending}>
          Create
        </Button>
        <ActionStatus outcome={made} />
        <div className="w-full">
          <FormError message={create.isError ? `Not created: ${errorMessage(create.error)}` : null} />
        </div>
      </form>
    </Card>
  );
}
