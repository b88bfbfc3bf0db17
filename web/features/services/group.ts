/** Consecutive items of one category (lists come from the server in category order). */
export function groupByCategory<T extends { category: string }>(items: readonly T[]) {
  const groups: { category: string; items: T[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last.category === item.category) last.items.push(item);
    else groups.push({ category: item.category, items: [item] });
  }
  return groups;
}

/** "Fasilitas & Peminjaman" -> "fasilitas-peminjaman" (for element ids). */
export const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
