"use client";
// Create or edit a dataset profile: name, what it applies to, subsets (from the scope's registry),
// provider priority, and the default toggle (admins only; it changes lookups organisation-wide).
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { useFocusFirstError } from "@/components/ui/use-focus-on";
import { ProviderPriorityList, type PriorityItem } from "@/components/datasets/provider-priority-list";
import { SCOPE_LABEL } from "@/components/datasets/labels";
import { Button } from "@/components/ui/button";
import { FieldError, FormError, SelectField, TextField } from "@/components/ui/field";
import { useFields } from "@/components/ui/use-fields";
import { useToast } from "@/components/ui/toast";
import {
  useCreateProfile,
  useUpdateProfile,
  type Profile,
  type ProfileRequest,
  type ProfileScope,
  type Provider,
  type SubsetType,
} from "@/lib/client/datasets";
import { fieldError, formErrorMessage } from "@/lib/client/errors";

const SHOWN_FIELDS = [
  "name",
  "scope",
  "entityType",
  "entityId",
  "profession",
  "subProfession",
  "subsetSelection",
  "providerPriorities",
  "isDefault",
];

/** The text and select fields; their names are the API's (camelCase) names for the errors. */
type TargetFields = {
  name: string;
  scope: ProfileScope;
  entityType: string;
  entityId: string;
  profession: string;
  subProfession: string;
};

function initialPriorities(profile: Profile | undefined, providers: Provider[]): PriorityItem[] {
  const chosen = profile?.providerPriorities ?? providers.map((p) => p.id);
  const rest = providers.map((p) => p.id).filter((id) => !chosen.includes(id));
  return [...chosen.map((id) => ({ id, included: true })), ...rest.map((id) => ({ id, included: false }))];
}

export function ProfileEditor({
  profile,
  subsetTypes,
  providers,
  role,
}: {
  profile?: Profile;
  subsetTypes: SubsetType[];
  providers: Provider[];
  role: "admin" | "member" | "viewer";
}) {
  const router = useRouter();
  const toast = useToast();
  const create = useCreateProfile();
  const update = useUpdateProfile();
  const mutation = profile ? update : create;
  const error = mutation.error;
  const { values, bind } = useFields<TargetFields>(
    {
      name: profile?.name ?? "",
      scope: profile?.scope ?? "global",
      entityType: profile?.entityType ?? "client",
      entityId: profile?.entityId ?? "",
      profession: profile?.profession ?? "",
      subProfession: profile?.subProfession ?? "",
    },
    (field) => fieldError(error, field),
  );
  const { name, scope, entityType, entityId, profession, subProfession } = values;
  const [subsets, setSubsets] = useState<string[]>(profile?.subsetSelection ?? []);
  const [priorities, setPriorities] = useState<PriorityItem[]>(() => initialPriorities(profile, providers));
  const [isDefault, setIsDefault] = useState(profile?.isDefault ?? false);

  const isAdmin = role === "admin";
  const locked = role === "viewer" || (profile?.isDefault === true && !isAdmin);
  const registryEmpty = subsetTypes.length === 0;

  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input: ProfileRequest = {
      name,
      scope,
      subset_selection: subsetTypes.map((t) => t.key).filter((k) => subsets.includes(k)),
      provider_priorities: priorities.filter((p) => p.included).map((p) => p.id),
      is_default: isDefault,
      ...(scope === "entity" ? { entity_type: entityType, entity_id: entityId } : {}),
      ...(scope === "profession"
        ? { profession, ...(subProfession.trim() ? { sub_profession: subProfession } : {}) }
        : {}),
    };
    const onSuccess = () => {
      toast.success(profile ? "Profile saved." : "Profile created.");
      router.push("/datasets");
    };
    if (profile) update.mutate({ id: profile.id, input }, { onSuccess });
    else create.mutate(input, { onSuccess });
  };

  return (
    <form ref={form} onSubmit={submit} className="space-y-6 p-5" noValidate>
      {locked && (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-inset ring-slate-200">
          {role === "viewer"
            ? "Your role is viewer: you can look at profiles but not change them."
            : "This is a default profile. Only admins can change it, because it governs lookups organisation-wide."}
        </p>
      )}
      <fieldset disabled={locked} className="space-y-6">
        <TextField label="Profile name" required maxLength={200} {...bind("name")} />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            label="Applies to"
            options={Object.entries(SCOPE_LABEL).map(([value, label]) => ({ value, label }))}
            {...bind("scope")}
          />
          {scope === "entity" && (
            <>
              <TextField label="Entity type" hint="For example client" {...bind("entityType")} />
              <TextField label="Entity ID" {...bind("entityId")} />
            </>
          )}
          {scope === "profession" && (
            <>
              <TextField label="Profession" hint="For example accountant" {...bind("profession")} />
              <TextField label="Sub-profession (optional)" {...bind("subProfession")} />
            </>
          )}
        </div>

        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Subsets to fetch</legend>
          {registryEmpty ? (
            <p
              role="alert"
              className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-200"
            >
              No subset types are registered in this scope, so no profile can be built yet. This is a provisioning gap,
              not a permissions problem: ask the platform operator to provision the data registry.
            </p>
          ) : (
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {subsetTypes.map((t) => (
                <label key={t.key} className="flex gap-2 rounded-md px-3 py-2 text-sm ring-1 ring-inset ring-slate-200">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600"
                    checked={subsets.includes(t.key)}
                    onChange={(e) =>
                      setSubsets(e.target.checked ? [...subsets, t.key] : subsets.filter((s) => s !== t.key))
                    }
                  />
                  <span>
                    <span className="font-medium text-slate-900">{t.name}</span>
                    <span className="block text-xs text-slate-500">{t.description}</span>
                  </span>
                </label>
              ))}
            </div>
          )}
          <FieldError message={fieldError(error, "subsetSelection")} />
        </fieldset>

        <ProviderPriorityList
          items={priorities}
          providers={providers}
          onChange={setPriorities}
          error={fieldError(error, "providerPriorities")}
        />

        <div className="rounded-md bg-amber-50 p-4 ring-1 ring-inset ring-amber-200">
          <label className="flex items-start gap-2 text-sm font-medium text-slate-900">
            <input
              type="checkbox"
              className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600"
              checked={isDefault}
              disabled={!isAdmin}
              onChange={(e) => setIsDefault(e.target.checked)}
              aria-describedby="default-warning"
            />
            Make this the default profile
          </label>
          <p id="default-warning" className="mt-1 pl-6 text-sm text-amber-900">
            A default profile is applied automatically to every company lookup for its target (
            {SCOPE_LABEL[scope].toLowerCase()}
            ). Making or changing a default changes lookups organisation-wide and replaces the current default for this
            target.
            {!isAdmin && " Only admins can set or change defaults."}
          </p>
          <FieldError message={fieldError(error, "isDefault")} />
        </div>
      </fieldset>

      <FormError message={formErrorMessage(error, SHOWN_FIELDS)} />
      <div className="flex gap-3">
        <Button type="submit" pending={mutation.isPending} disabled={locked || registryEmpty}>
          {profile ? "Save profile" : "Create profile"}
        </Button>
        <Button variant="secondary" onClick={() => router.push("/datasets")}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
