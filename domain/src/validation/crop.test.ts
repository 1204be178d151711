import { readCrop } from './crop.js';

describe('readCrop', () => {
  it('reads a crop and rounds it to whole pixels', () => {
    expect(readCrop('{"x":10.4,"y":0.5,"width":300.49,"height":400.5}')).toEqual({ x: 10, y: 1, width: 300, height: 401 });
  });

  it('is no crop for nothing, bad JSON, a missing or negative side, or a side under one pixel once rounded', () => {
    for (const raw of [undefined, null, '', 'not json', '[]', '"a"', '{"x":1,"y":2,"width":3}', '{"x":-1,"y":0,"width":5,"height":5}']) {
      expect(readCrop(raw)).toBeNull();
    }
    expect(readCrop('{"x":0,"y":0,"width":0.4,"height":50}')).toBeNull();
    expect(readCrop('{"x":0,"y":0,"width":"50","height":50}')).toBeNull();
    expect(readCrop('{"x":0,"y":0,"width":1e400,"height":50}')).toBeNull();
  });
});
