import type { ReactNode } from 'react';
import { fieldMessages } from '../api/errors';
import { FieldError, fieldErrorId } from './ui';

/** What a FormField hands its control: its id and name, and the state the API's errors give it. */
export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * One labelled control with its explanation and the API's errors for it beside it, both read with
 * the control by screen readers (aria-describedby). The label holds only its words, so the
 * control's name is exactly them. `name` is the field as the API names it in field errors;
 * `idPrefix` keeps ids unique per form.
 */
export function FormField({ idPrefix, name, label, hint, error, children }: { idPrefix: string; name: string; label: string; hint?: ReactNode; error: unknown; children: (p: ControlProps) => ReactNode }) {
  const id = `${idPrefix}-${name.replace('.', '-')}`;
  const bad = fieldMessages(error, name).length > 0;
  const describedBy = [hint ? `${id}-hint` : null, bad ? fieldErrorId(name) : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, name, ...(bad ? { 'aria-invalid': true } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {hint && (
        <span className="muted small" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <FieldError error={error} field={name} />
    </div>
  );
}
