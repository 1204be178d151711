import {
  checkPhotoDimensions,
  checkPhotoFile,
  detectPhotoFormat,
  FILE_PROCESS_FAILED,
  FILE_READ_FAILED,
  type PhotoFileFacts,
  UPLOAD_ERROR_LABEL,
  validatePhotoFile,
} from './photo-file.js';

const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const WEBP_HEAD = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]);
const GIF_HEAD = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0, 0, 0, 0, 0]);

const jpeg: PhotoFileFacts = { type: 'image/jpeg', size: 200_000, name: 'lily.jpg', head: JPEG_HEAD };

describe('checkPhotoFile', () => {
  it('accepts a JPEG, a PNG and a WebP whose bytes match', () => {
    expect(checkPhotoFile(jpeg)).toEqual({ ok: true, value: 'jpeg' });
    expect(checkPhotoFile({ type: 'image/png', size: 5000, name: 'a.PNG', head: PNG_HEAD })).toEqual({ ok: true, value: 'png' });
    expect(checkPhotoFile({ type: 'image/webp', size: 5000, name: 'a.webp', head: WEBP_HEAD })).toEqual({ ok: true, value: 'webp' });
  });

  it('refuses a GIF with "Invalid file type…"', () => {
    expect(checkPhotoFile({ ...jpeg, type: 'image/gif', name: 'a.gif', head: GIF_HEAD })).toEqual({
      ok: false,
      message: 'Invalid file type. Please upload JPEG, PNG, or WebP images only.',
    });
  });

  it('refuses a file of 5 MB and one byte with "File too large…", and accepts exactly 5 MB', () => {
    expect(checkPhotoFile({ ...jpeg, size: 5 * 1024 * 1024 + 1 })).toEqual({ ok: false, message: 'File too large. Maximum size is 5MB.' });
    expect(checkPhotoFile({ ...jpeg, size: 5 * 1024 * 1024 }).ok).toBe(true);
  });

  it('refuses a file of 1023 bytes with "File too small…", and accepts 1024', () => {
    expect(checkPhotoFile({ ...jpeg, size: 1023 })).toEqual({ ok: false, message: 'File too small. Please upload a valid image.' });
    expect(checkPhotoFile({ ...jpeg, size: 1024 }).ok).toBe(true);
  });

  it('refuses a .gif or extensionless name with "Invalid file extension…"', () => {
    const message = 'Invalid file extension. Please use .jpg, .png, or .webp files.';
    expect(checkPhotoFile({ ...jpeg, name: 'photo.gif' })).toEqual({ ok: false, message });
    expect(checkPhotoFile({ ...jpeg, name: 'photo' })).toEqual({ ok: false, message });
    expect(checkPhotoFile({ ...jpeg, name: 'photo.jpg.exe' })).toEqual({ ok: false, message });
  });

  it('refuses a JPEG-named file whose bytes are a GIF with "Invalid image file…"', () => {
    expect(checkPhotoFile({ ...jpeg, head: GIF_HEAD })).toEqual({ ok: false, message: 'Invalid image file. Please upload a valid image.' });
  });

  it('checks type before size, so a huge GIF hears about its type', () => {
    expect(checkPhotoFile({ ...jpeg, type: 'image/gif', size: 50 * 1024 * 1024 })).toMatchObject({
      message: expect.stringMatching(/^Invalid file type/),
    });
  });

  it('checks size before extension, so a tiny .gif-named JPEG hears it is too small', () => {
    expect(checkPhotoFile({ ...jpeg, size: 10, name: 'x.gif' })).toMatchObject({ message: expect.stringMatching(/^File too small/) });
  });

  it('answers "File validation failed. Please try again." when the size is not a number', () => {
    expect(checkPhotoFile({ ...jpeg, size: NaN })).toEqual({ ok: false, message: 'File validation failed. Please try again.' });
  });
});

describe('detectPhotoFormat', () => {
  it('needs both RIFF and WEBP to call a file WebP', () => {
    const riffWave = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45]);
    expect(detectPhotoFormat(riffWave)).toBeNull();
    expect(detectPhotoFormat(WEBP_HEAD)).toBe('webp');
  });

  it('recognises nothing in too few bytes', () => {
    expect(detectPhotoFormat(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});

describe('checkPhotoDimensions', () => {
  it('refuses null with "Could not read image dimensions."', () => {
    expect(checkPhotoDimensions(null)).toEqual({ ok: false, message: 'Could not read image dimensions.' });
    expect(checkPhotoDimensions({ width: 0, height: 300 })).toEqual({ ok: false, message: 'Could not read image dimensions.' });
  });

  it('refuses a PNG smaller than 200x200 with "Image too small…"', () => {
    expect(checkPhotoDimensions({ width: 199, height: 800 })).toEqual({
      ok: false,
      message: 'Image too small. Minimum dimensions are 200x200 pixels.',
    });
  });

  it('refuses a side over 4000 px with "Image too large…"', () => {
    expect(checkPhotoDimensions({ width: 3000, height: 4001 })).toEqual({
      ok: false,
      message: 'Image too large. Maximum dimensions are 4000x4000 pixels.',
    });
  });

  it('accepts 200x200 and 4000x4000 exactly', () => {
    expect(checkPhotoDimensions({ width: 200, height: 200 }).ok).toBe(true);
    expect(checkPhotoDimensions({ width: 4000, height: 4000 }).ok).toBe(true);
  });
});

describe('validatePhotoFile', () => {
  it('accepts a good JPEG with a synchronous reader and answers format and size', async () => {
    await expect(validatePhotoFile(jpeg, () => ({ width: 800, height: 600 }))).resolves.toEqual({
      ok: true,
      value: { format: 'jpeg', width: 800, height: 600 },
    });
  });

  it('accepts an asynchronous reader and hands it the caller’s own file object', async () => {
    const file = { ...jpeg, id: 'upload-7' };
    const seen: unknown[] = [];
    const reader = async (f: typeof file) => {
      seen.push(f);
      return { width: 300, height: 300 };
    };
    await expect(validatePhotoFile(file, reader)).resolves.toMatchObject({ ok: true });
    expect(seen).toEqual([file]);
  });

  it('does not decode a file that already failed the byte checks', async () => {
    let calls = 0;
    const reader = () => {
      calls += 1;
      return { width: 800, height: 600 };
    };
    await expect(validatePhotoFile({ ...jpeg, head: GIF_HEAD }, reader)).resolves.toMatchObject({ ok: false });
    expect(calls).toBe(0);
  });

  it('treats a reader that throws as "Could not read image dimensions."', async () => {
    const reader = () => {
      throw new Error('corrupt');
    };
    await expect(validatePhotoFile(jpeg, reader)).resolves.toEqual({ ok: false, message: 'Could not read image dimensions.' });
    await expect(validatePhotoFile(jpeg, () => Promise.reject(new Error('corrupt')))).resolves.toEqual({
      ok: false,
      message: 'Could not read image dimensions.',
    });
  });

  it('refuses a readable but tiny image with "Image too small…"', async () => {
    await expect(validatePhotoFile(jpeg, () => ({ width: 100, height: 100 }))).resolves.toMatchObject({
      message: expect.stringMatching(/^Image too small/),
    });
  });

  it('answers the catch-all message for a file description it cannot read', async () => {
    const broken = { ...jpeg, name: undefined } as unknown as PhotoFileFacts;
    await expect(validatePhotoFile(broken, () => ({ width: 800, height: 600 }))).resolves.toEqual({
      ok: false,
      message: 'File validation failed. Please try again.',
    });
  });
});

describe('photo reading messages', () => {
  it('names the read, process and inline-label texts word for word', () => {
    expect(FILE_READ_FAILED).toBe('Failed to read file');
    expect(FILE_PROCESS_FAILED).toBe('Failed to process file');
    expect(UPLOAD_ERROR_LABEL).toBe('Upload Error:');
  });
});
