/**
 * What makes an ad group's keywords the `wanted` texts, compared without case (as Microsoft and
 * Pinterest compare them): the wanted texts it lacks, each once with its index in `wanted`, and the
 * current keywords no longer wanted. Keywords that stay are left as they are, whatever their match type.
 */
export function keywordReplacement<K>(current: K[], textOf: (keyword: K) => string, wanted: string[]) {
  const key = (text: string) => text.toLowerCase();
  const keep = new Set(wanted.map(key));
  const have = new Set(current.map((k) => key(textOf(k))));
  const add = wanted.flatMap((text, index) => {
    if (have.has(key(text))) return [];
    have.add(key(text));
    return [{ text, index }];
  });
  const remove = current.filter((k) => !keep.has(key(textOf(k))));
  return { add, remove };
}
