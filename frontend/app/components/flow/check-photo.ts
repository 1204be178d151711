// The browser's first look at a chosen photo, with the domain's rules in SPEC's order, so a wrong file is named at once.
// The server checks again and decides; nothing is uploaded here.
import { FILE_READ_FAILED, refuse, validatePhotoFile, type Checked, type CheckedPhoto, type Dimensions } from '@colouring/domain';

function readDimensions(objectUrl: string): Promise<Dimensions | null> {
  return new Promise((resolve) => {
    const image = new Image();
    // Upright dimensions: browsers apply the photo's EXIF orientation, as the server's crop does.
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => resolve(null);
    image.src = objectUrl;
  });
}

export async function checkPhotoInBrowser(file: File, objectUrl: string): Promise<Checked<CheckedPhoto>> {
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  } catch {
    return refuse(FILE_READ_FAILED);
  }
  return validatePhotoFile({ type: file.type, size: file.size, name: file.name, head }, () => readDimensions(objectUrl));
}
