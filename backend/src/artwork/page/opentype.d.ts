// The part of opentype.js (no bundled types) the lettering uses.
declare module 'opentype.js' {
  export interface PathCommand {
    type: 'M' | 'L' | 'Q' | 'C' | 'Z';
    x?: number;
    y?: number;
    x1?: number;
    y1?: number;
    x2?: number;
    y2?: number;
  }
  export interface Path {
    commands: PathCommand[];
    toPathData(options?: number | { decimalPlaces?: number; optimize?: boolean; flipY?: boolean }): string;
    getBoundingBox(): { x1: number; y1: number; x2: number; y2: number };
  }
  export interface Glyph {
    advanceWidth?: number;
    getPath(x: number, y: number, fontSize: number): Path;
  }
  export interface Font {
    unitsPerEm: number;
    ascender: number;
    descender: number;
    getAdvanceWidth(text: string, fontSize: number, options?: { kerning?: boolean }): number;
    forEachGlyph(
      text: string,
      x: number,
      y: number,
      fontSize: number,
      options: { kerning?: boolean } | undefined,
      callback: (glyph: Glyph, x: number, y: number, fontSize: number) => void,
    ): number;
    getPath(text: string, x: number, y: number, fontSize: number, options?: { kerning?: boolean }): Path;
  }
  export function parse(buffer: ArrayBuffer): Font;
  const opentype: { parse: typeof parse };
  export default opentype;
}
