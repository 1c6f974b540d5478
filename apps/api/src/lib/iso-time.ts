/**
 * Date → ISO 8601 text (`toISOString`), remembering the last answer. `toISOString` calls into the engine's runtime
 * every time; a caller on a hot path whose times repeat (quotes served in the same millisecond, a price's publish
 * time until the feed moves) gets the text it already made. One per call site: each remembers one time.
 */
export function rememberedIsoTime(): (date: Date) => string {
  let lastMs = Number.NaN;
  let lastText = '';
  return (date) => {
    const ms = date.getTime();
    if (ms !== lastMs) {
      lastText = date.toISOString();
      lastMs = ms;
    }
    return lastText;
  };
}
