import { Notice } from "./notice";

/** What went wrong with the form as a whole, across the full width of a form grid. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="span-2">
      <Notice tone="error" role="alert">
        {message}
      </Notice>
    </div>
  );
}
