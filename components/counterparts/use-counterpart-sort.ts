"use client";
// A counterpart list's sort: a column and a direction. Choosing the sorted column again flips the
// direction; another column starts A to Z for names and largest or newest first for the rest.
import { useState } from "react";

/** The sort a counterpart table shows and changes: what the hook returns, spread into the table. */
export type CounterpartSorting<S extends string> = {
  sort: S;
  order: "asc" | "desc";
  onSort: (sort: S) => void;
};

export function useCounterpartSort<S extends string>(initial: S): CounterpartSorting<S> {
  const [sort, setSort] = useState<S>(initial);
  const [order, setOrder] = useState<"asc" | "desc">("desc");
  const onSort = (key: S) => {
    if (key === sort) setOrder(order === "asc" ? "desc" : "asc");
    else {
      setSort(key);
      setOrder(key === "name" ? "asc" : "desc");
    }
  };
  return { sort, order, onSort };
}
