import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { photosInFile } from './no-photo-bytes.js';
import { fixturePhoto } from './photos.js';

/** A PDF of the given objects (numbered from 1, the first the catalog), with a correct cross-reference table. */
function pdf(objects: Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let at = parts[0]!.length;
  const offsets = objects.map((body, i) => {
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(object);
    const offset = at;
    at += object.length;
    return offset;
  });
  const xref = ['xref', `0 ${objects.length + 1}`, '0000000000 65535 f ', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `)];
  parts.push(Buffer.from(`${xref.join('\n')}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`));
  return Buffer.concat(parts);
}

const dict = (text: string) => Buffer.from(text, 'latin1');
const stream = (entries: string, body: Buffer) =>
  Buffer.concat([dict(`<< ${entries} /Length ${body.length} >>\nstream\n`), body, dict('\nendstream')]);

const PHOTO = fixturePhoto('grace-hopper.jpg'); // 512x512, three components
/** A page's drawing as a printed book's: Flate-compressed, its compressed bytes holding FF D8 FF as a book's may by chance. */
const drawing = (extra = '') =>
  // Deflate's level 0 stores the bytes as they are, so the signature written in a comment is in the compressed stream.
  deflateSync(Buffer.concat([dict('% '), Buffer.from([0xff, 0xd8, 0xff]), dict(`\n10 10 m 200 200 l S\n${extra}`)]), { level: 0 });

/**
 * A one-page book; `photo` adds the photo as a JPEG image, drawn on the page or only kept in the file, `attached`
 * attaches the photo as a file.
 */
function book(options: { photo?: 'drawn' | 'kept'; attached?: boolean } = {}): Buffer {
  const names = options.attached ? ' /Names << /EmbeddedFiles << /Names [(photo.jpg) 5 0 R] >> >>' : '';
  const image = options.photo ? '/XObject << /Im0 7 0 R >>' : '';
  const draw = options.photo === 'drawn' ? 'q 200 0 0 200 100 100 cm /Im0 Do Q\n' : '';
  return pdf([
    dict(`<< /Type /Catalog /Pages 2 0 R${names} >>`),
    dict('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    dict(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << ${image} >> /Contents 4 0 R >>`),
    stream('/Filter /FlateDecode', drawing(draw)),
    options.attached ? dict('<< /Type /Filespec /F (photo.jpg) /EF << /F 6 0 R >> >>') : dict('null'),
    options.attached ? stream('/Type /EmbeddedFile', PHOTO) : dict('null'),
    options.photo
      ? stream('/Type /XObject /Subtype /Image /Width 512 /Height 512 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode', PHOTO)
      : dict('null'),
  ]);
}

describe('what the no-photo check calls a photo in the storage folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'no-photo-bytes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const found = (name: string, bytes: Buffer) => {
    const file = join(dir, name);
    writeFileSync(file, bytes);
    return photosInFile(file);
  };

  it('passes a vector book whose compressed bytes happen to hold a JPEG signature, and a stand-in PDF of text', () => {
    const clean = book();
    expect(clean.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    expect(found('clean.pdf', clean)).toEqual([]);
    expect(found('stand-in.pdf', dict('%PDF-1.7 a colouring book\n%%EOF\n'))).toEqual([]);
  });

  it('finds the photo in a PDF as an image drawn or only kept, attached to it, after its end, or stored as a file', () => {
    expect(found('drawn.pdf', book({ photo: 'drawn' }))).toEqual(['1 image(s) in the PDF', 'an image object']);
    expect(found('kept.pdf', book({ photo: 'kept' }))).toEqual(['an image object']);
    expect(found('attached.pdf', book({ attached: true }))).toEqual(['a file attached to the PDF']);
    expect(found('appended.pdf', Buffer.concat([book(), PHOTO]))).toEqual(['a JPEG signature']);
    expect(found('photo.pdf', PHOTO)).toEqual(['a JPEG signature']);
    expect(found('stand-in-with-photo.pdf', Buffer.concat([dict('%PDF-1.7\n'), PHOTO]))).toEqual(['a JPEG signature']);
    expect(found('photo.png', fixturePhoto('astronaut.png'))).toEqual(['a PNG signature']);
  });
});
