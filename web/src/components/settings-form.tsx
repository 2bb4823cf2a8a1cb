import type { UseMutationResult } from '@tanstack/react-query';
import { ErrorNotice } from './ui';

/** What a settings page hands its form: the save mutation's state, and how to save. */
export interface SaveProps<I> {
  pending: boolean;
  error: unknown;
  saved: boolean;
  onSubmit: (input: I) => void;
}

/** The SaveProps of a save mutation. */
export function saveProps<I>(save: UseMutationResult<unknown, unknown, I>): SaveProps<I> {
  return { pending: save.isPending, error: save.error, saved: save.isSuccess, onSubmit: (input) => save.mutate(input) };
}

/**
 * The end of a settings form: the API's errors not already shown beside their field (`fields`),
 * "Saved." once saved, and the submit button, disabled while saving.
 */
export function SaveFooter({ error, fields, saved, pending, label }: { error: unknown; fields: readonly string[]; saved: boolean; pending: boolean; label: string }) {
  return (
    <>
      <ErrorNotice error={error} fields={fields} />
      {saved && <p role="status">Saved.</p>}
      <button type="submit" className="primary" disabled={pending}>
        {pending ? 'Saving…' : label}
      </button>
    </>
  );
}
