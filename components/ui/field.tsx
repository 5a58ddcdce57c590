import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { cx } from "@/components/ui/cx";

const control =
  "block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset " +
  "placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-inset focus:ring-indigo-600 " +
  "disabled:bg-slate-50 disabled:text-slate-500";

type FieldShell = { label: string; error?: string; hint?: ReactNode; className?: string };

/** Label + control + hint/error, wired with htmlFor, aria-invalid and aria-describedby. */
function useFieldIds(error?: string, hint?: ReactNode) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return { id, hintId, errorId, describedBy };
}

/** The frame around one control: its label above, its error and hint below. */
function Field({
  label,
  error,
  hint,
  className,
  control: render,
}: FieldShell & { control: (props: ControlProps) => ReactNode }) {
  const ids = useFieldIds(error, hint);
  const props: ControlProps = {
    id: ids.id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids.describedBy,
    ring: error ? "ring-red-400" : "ring-slate-300",
  };
  return (
    <div className={className}>
      <label htmlFor={ids.id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {render(props)}
      <FieldError id={ids.errorId} message={error} />
      {hint && (
        <p id={ids.hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}

type ControlProps = { id: string; "aria-invalid"?: true; "aria-describedby"?: string; ring: string };

/** A field around a plain control element (an input, a textarea), given the control's own attributes. */
function plainField<Attributes>(Control: "input" | "textarea") {
  return function PlainField({ label, error, hint, className, ...attributes }: FieldShell & Attributes) {
    return (
      <Field
        {...{ label, error, hint, className }}
        control={({ ring, ...aria }) => <Control {...aria} className={cx(control, ring)} {...attributes} />}
      />
    );
  };
}

export const TextField = plainField<InputHTMLAttributes<HTMLInputElement>>("input");
export const TextAreaField = plainField<TextareaHTMLAttributes<HTMLTextAreaElement>>("textarea");

type SearchProps = FieldShell & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "onChange">;

/** A search box: a text field of type search that hands its text to `onSearch` as it is typed. */
export function SearchField({ onSearch, ...field }: SearchProps & { onSearch: (text: string) => void }) {
  return <TextField type="search" onChange={(e) => onSearch(e.target.value)} {...field} />;
}

export type Option = { value: string; label: string };

export function SelectField({
  label,
  error,
  hint,
  className,
  options,
  ...select
}: FieldShell & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly Option[] }) {
  return (
    <Field
      {...{ label, error, hint, className }}
      control={({ ring, ...aria }) => (
        <select {...aria} className={cx(control, "pr-8", ring)} {...select}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** The <option>s of a plain <select> over records named by id and display name (clients, counterparts). */
export function NamedOptions({ items }: { items: readonly { id: string; displayName: string }[] }) {
  return items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.displayName}
    </option>
  ));
}

/** A field's error under it (for a group of controls too, such as a list of checkboxes). */
export function FieldError({ message, id }: { message?: string; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-xs text-red-700">
      {message}
    </p>
  );
}

/** A form-level error (the server's error.message), announced to screen readers. */
export function FormError({ message, id }: { message?: string | null; id?: string }) {
  if (!message) return null;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-inset ring-red-200"
    >
      {message}
    </div>
  );
}
