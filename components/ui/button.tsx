import { AppLink, type AppLinkProps } from "@/components/ui/app-link";
import type { ButtonHTMLAttributes, Ref } from "react";
import { cx } from "@/components/ui/cx";

type Variant = "primary" | "secondary" | "danger" | "ghost";
type Size = "sm" | "md";

const VARIANTS: Record<Variant, string> = {
  // Hover goes darker, not lighter: white on indigo-500 is 4.47:1, under WCAG AA's 4.5:1.
  primary: "bg-indigo-600 text-white shadow-sm hover:bg-indigo-700 disabled:bg-indigo-300",
  secondary: "bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:text-slate-400",
  danger: "bg-white text-red-700 ring-1 ring-inset ring-red-200 hover:bg-red-50 disabled:text-red-300",
  ghost: "text-slate-700 hover:bg-slate-100 disabled:text-slate-400",
};
const SIZES: Record<Size, string> = { sm: "px-2.5 py-1.5 text-xs", md: "px-3.5 py-2 text-sm" };

export const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

export function buttonClasses(variant: Variant = "primary", size: Size = "md", className?: string) {
  return cx(
    "inline-flex items-center justify-center gap-1.5 rounded-md font-medium transition-colors disabled:cursor-not-allowed aria-disabled:cursor-progress",
    focusRing,
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** React 19 passes a function component's ref as a prop: it reaches the <button>. */
  ref?: Ref<HTMLButtonElement>;
  variant?: Variant;
  size?: Size;
  /** Working: the button says so and ignores presses, but stays enabled (see below). */
  pending?: boolean;
  /** Not available for now (e.g. a sync already running), without taking focus away from it. */
  busy?: boolean;
};

/**
 * A pending or busy button is aria-disabled, not disabled: a disabled button drops the focus it has
 * to <body>, and a keyboard user pressing it would be thrown to the top of the page. Presses are
 * ignored instead (a submit button's press, Enter in a field included, then sends nothing).
 */
export function Button({
  variant,
  size,
  pending,
  busy,
  className,
  disabled,
  children,
  type,
  onClick,
  ...rest
}: ButtonProps) {
  const held = Boolean(pending || busy) && !disabled;
  return (
    <button
      type={type ?? "button"}
      className={buttonClasses(variant, size, className)}
      disabled={disabled}
      aria-disabled={held || undefined}
      aria-busy={pending || undefined}
      onClick={(event) => {
        if (held) event.preventDefault();
        else onClick?.(event);
      }}
      {...rest}
    >
      {pending && <Spinner />}
      {children}
    </button>
  );
}

/** A link that looks like a button: it goes somewhere, so it stays a link for the keyboard and screen readers. */
export function ButtonLink({
  variant = "primary",
  size,
  className,
  ...link
}: AppLinkProps & { variant?: Variant; size?: Size }) {
  return <AppLink className={buttonClasses(variant, size, className)} {...link} />;
}

/** A form's last row, right-aligned: Cancel, then the submit button. */
export function CancelAndSubmit({
  submitLabel,
  pending,
  onCancel,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" pending={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}

export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="size-3.5 animate-spin rounded-full border-2 border-current border-r-transparent opacity-70"
    />
  );
}
