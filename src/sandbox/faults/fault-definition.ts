/** One fault of the catalogue (fault-registry.ts): a named deviation from the interface the sandbox can be switched into. */
export interface FaultDefinition {
  readonly name: string;
  readonly area:
    | 'auth'
    | 'errors'
    | 'create'
    | 'status'
    | 'shape'
    | 'lookup'
    | 'pagination'
    | 'complaints'
    | 'other-operations'
    | 'postbacks'
    | 'server'
    | 'page';
  readonly breaks: readonly string[];
  readonly description: string;
}
