/** One measured figure, with the baseline it is compared to in the same run. */
export interface Figure {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  readonly baseline?: { readonly name: string; readonly value: number };
  /** value / baseline for rates (higher is better), baseline / value for times (so higher is better too). */
  readonly ratio?: number;
  readonly target: string;
  readonly met: boolean;
  readonly notes?: string;
}
