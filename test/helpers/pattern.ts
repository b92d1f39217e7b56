/** One regular expression from pieces written on separate lines (the flags are the first piece's). */
export function joined(...pieces: readonly RegExp[]): RegExp {
  return new RegExp(pieces.map((p) => p.source).join(''), pieces[0]?.flags);
}
