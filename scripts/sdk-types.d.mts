/** The SDK's TypeScript types (source text) for an OpenAPI document. */
export function renderSdkTypes(document: unknown): Promise<string>;
