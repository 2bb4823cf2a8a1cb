/** A form field's text, trimmed ('' when the field is absent). */
export const formText = (f: FormData, name: string) => String(f.get(name) ?? '').trim();

/** An emptied optional field as null: the API's way to clear the setting. */
export const orNull = (v: string) => (v === '' ? null : v);
