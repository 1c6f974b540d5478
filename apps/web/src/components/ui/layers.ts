/**
 * Open overlay layers (modals, menus), innermost last. Only the top layer reacts to Escape,
 * so one key press closes one thing.
 */
const layers: symbol[] = [];

export function pushLayer(): symbol {
  const layer = Symbol('layer');
  layers.push(layer);
  return layer;
}

export function removeLayer(layer: symbol): void {
  const index = layers.indexOf(layer);
  if (index !== -1) layers.splice(index, 1);
}

export function isTopLayer(layer: symbol): boolean {
  return layers[layers.length - 1] === layer;
}
