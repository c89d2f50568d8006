import { roundTo } from './rounding';
import type {
  ScaleComparator,
  ScaleCondition,
  ScaleDimension,
  ScaleExpr,
  ScaleDefinition,
  ScaleScoreDefinition,
} from './types';

/** Compares with the definition's comparator; the only place comparisons are made. */
export function compare(left: number, cmp: ScaleComparator, right: number): boolean {
  switch (cmp) {
    case 'gte':
      return left >= right;
    case 'gt':
      return left > right;
    case 'lte':
      return left <= right;
    case 'lt':
      return left < right;
    case 'eq':
      return left === right;
  }
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
/** A mean over nothing is 0 (a dimension whose items were all hidden). */
const mean = (values: readonly number[]) => (values.length === 0 ? 0 : sum(values) / values.length);

/**
 * Evaluates one definition against one set of scored item values, at full precision. Every
 * lookup goes through Maps built from the definition's own arrays; the evaluator reads no
 * object property chosen by the definition, so no key can reach a prototype or a global.
 */
export class Evaluation {
  private readonly dimensionDefs: ReadonlyMap<string, ScaleDimension>;
  private readonly scoreDefs: ReadonlyMap<string, ScaleScoreDefinition>;
  private readonly dimensionValues = new Map<string, number>();
  private readonly scoreValues = new Map<string, number>();
  /** Scores being computed: a guard against cycles in a definition that skipped the schema. */
  private readonly computing = new Set<string>();

  constructor(
    private readonly def: ScaleDefinition,
    /** Scored value per item (index = number - 1), null for an item not shown. */
    private readonly values: readonly (number | null)[],
    private readonly positions: readonly (number | null)[],
  ) {
    this.dimensionDefs = new Map(def.dimensions.map((d) => [d.key, d]));
    this.scoreDefs = new Map(def.scores.map((s) => [s.key, s]));
  }

  /** Values of the shown items among `numbers` (all items when left out). */
  private shownValues(numbers: readonly number[] | undefined): number[] {
    const picked = numbers ? numbers.map((n) => this.values[n - 1]) : this.values;
    return picked.filter((v): v is number => typeof v === 'number');
  }

  dimension(key: string): number {
    const cached = this.dimensionValues.get(key);
    if (cached !== undefined) return cached;
    const dim = this.dimensionDefs.get(key);
    if (!dim) throw new Error(`unknown dimension ${key}: the definition was not parsed`);
    const values = this.shownValues(dim.items);
    const value = dim.aggregate === 'sum' ? sum(values) : mean(values);
    this.dimensionValues.set(key, value);
    return value;
  }

  score(key: string): number {
    const cached = this.scoreValues.get(key);
    if (cached !== undefined) return cached;
    const score = this.scoreDefs.get(key);
    if (!score) throw new Error(`unknown score ${key}: the definition was not parsed`);
    if (this.computing.has(key))
      throw new Error(`score ${key} refers to itself: the definition was not parsed`);
    this.computing.add(key);
    const value = this.expr(score.expr);
    this.computing.delete(key);
    if (!Number.isFinite(value)) throw new Error(`score ${key} is not a finite number`);
    this.scoreValues.set(key, value);
    return value;
  }

  private dimensionList(keys: readonly string[] | undefined): number[] {
    return (keys ?? this.def.dimensions.map((d) => d.key)).map((k) => this.dimension(k));
  }

  expr(node: ScaleExpr): number {
    switch (node.op) {
      case 'const':
        return node.value;
      case 'sumItems':
        return sum(this.shownValues(node.items));
      case 'meanItems':
        return mean(this.shownValues(node.items));
      case 'countItems':
        return this.shownValues(node.items).filter((v) => compare(v, node.cmp, node.value)).length;
      case 'sumDimensions':
        return sum(this.dimensionList(node.dimensions));
      case 'meanDimensions':
        return mean(this.dimensionList(node.dimensions));
      case 'score':
        return this.score(node.key);
      case 'dimension':
        return this.dimension(node.key);
      case 'add':
        return sum(node.args.map((arg) => this.expr(arg)));
      case 'subtract':
        return this.expr(node.left) - this.expr(node.right);
      case 'multiply':
        return roundTo(this.expr(node.of) * node.factor, node.rounding.mode, node.rounding.decimals);
      case 'ratio': {
        const denominator = this.expr(node.denominator);
        if (denominator === 0) return node.whenZero;
        return roundTo(this.expr(node.numerator) / denominator, node.rounding.mode, node.rounding.decimals);
      }
    }
  }

  /** Whether a condition holds; for anyDimension, the dimensions that made it hold. */
  test(c: ScaleCondition): { holds: boolean; dimensions: ScaleDimension[] } {
    const none: ScaleDimension[] = [];
    switch (c.on) {
      case 'item': {
        const n = c.item - 1;
        const v = c.by === 'position' ? this.positions[n] : this.values[n];
        // An item not shown never triggers anything.
        return { holds: typeof v === 'number' && compare(v, c.cmp, c.value), dimensions: none };
      }
      case 'score':
        return { holds: compare(this.score(c.score), c.cmp, c.value), dimensions: none };
      case 'dimension':
        return { holds: compare(this.dimension(c.dimension), c.cmp, c.value), dimensions: none };
      case 'anyDimension': {
        const keys = c.dimensions ?? this.def.dimensions.map((d) => d.key);
        const hits = keys
          .filter((k) => compare(this.dimension(k), c.cmp, c.value))
          .map((k) => this.dimensionDefs.get(k))
          .filter((d): d is ScaleDimension => d !== undefined);
        return { holds: hits.length > 0, dimensions: hits };
      }
    }
  }
}
