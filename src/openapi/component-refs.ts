/** How the export names the bundled schemas (components) and points at them. */

/** The component name of a schema file (its short id with dots) or of one of its $defs. */
export function componentName(shortId: string, def?: string): string {
  const base = shortId.replaceAll('/', '.');
  return def === undefined ? base : `${base}.${def}`;
}

export const COMPONENT_REF = '#/components/schemas/';

/** A reference to the component of a schema file. */
export const ref = (shortId: string): { $ref: string } => ({ $ref: COMPONENT_REF + componentName(shortId) });

/** A JSON media type whose schema is the component of a schema file. */
export const json = (shortId: string) => ({ 'application/json': { schema: ref(shortId) } });
