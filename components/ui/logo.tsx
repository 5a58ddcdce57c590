// The Ledgerlink mark and name, at the three sizes the app uses (the wrapper sets the layout and link).
import { cx } from "@/components/ui/cx";

const SIZES = {
  // Small (the app bar): the name is read on a phone too, where only the mark shows.
  small: { mark: "size-7 bg-indigo-500 text-sm", name: "sr-only text-base sm:not-sr-only" },
  medium: { mark: "size-8 bg-indigo-600", name: "text-xl" },
  large: { mark: "size-9 bg-indigo-600", name: "text-2xl" },
} as const;

export function Logo({ size }: { size: keyof typeof SIZES }) {
  return (
    <>
      <span
        aria-hidden="true"
        className={cx("grid place-items-center rounded-md font-bold text-white", SIZES[size].mark)}
      >
        L
      </span>
      <span className={cx("font-semibold tracking-tight", SIZES[size].name)}>Ledgerlink</span>
    </>
  );
}
