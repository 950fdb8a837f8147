/** An item's variations in their own order (ties in the data's order): the price list, the dialog, the cart. */
export function sortedVariations<V extends { order: number }>(item: { variations: readonly V[] }): V[] {
  return item.variations
    .map((variation, index) => ({ variation, index }))
    .sort((a, b) => a.variation.order - b.variation.order || a.index - b.index)
    .map(({ variation }) => variation);
}
