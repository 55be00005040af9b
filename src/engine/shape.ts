// Objects of one shape: V8 gives objects made by the same object literal one
// hidden class, and code compiled against it stays valid for every such
// object. The rules' options and the players' parameters are read by the
// hottest code, are made per setup or per search point, and would otherwise
// each get a shape of their own (see fixedShape).

/**
 * A maker of objects with exactly these keys, in this order, from their
 * values in the same order: one object literal, generated once (the keys
 * are JSON-quoted). The first object is made from `first` so that each
 * field starts as the most general kind its values will need (a fraction
 * for a number: a field that first held a whole number would change shape
 * on its first fraction, and the compiled code reading it would be thrown
 * away). Built key by key, an object is a hash table to V8.
 */
export function fixedShape<V>(keys: readonly string[], first: readonly V[]): (values: readonly V[]) => Record<string, V> {
  const make = new Function('v', `return { ${keys.map((k, i) => `${JSON.stringify(k)}: v[${i}]`).join(', ')} };`) as (values: readonly V[]) => Record<string, V>;
  make(first);
  return make;
}
