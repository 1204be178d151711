// The single-photo page with JavaScript (SPEC §3 single-photo item, §4 transitions): the photos chosen so far, each with
// its crop, zoom, level and aspect; which photo is being cropped; which of the two steps shows; focus following it.
// Nothing is uploaded until the checkout button (order-steps.ts).
import {
  DEFAULT_LEVEL,
  FILE_PROCESS_FAILED,
  MAX_PHOTOS_PER_ORDER,
  SINGLE_PHOTO_MESSAGES,
  type LevelId,
  type PhotoAspect,
} from '@colouring/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Point } from 'react-easy-crop';
import { checkPhotoInBrowser } from '~/components/flow/check-photo';
import type { CropPixels } from '~/components/flow/photo-cropper';
import type { Step } from '~/components/flow/use-photo-step';
import type { ToastView } from '~/components/toaster';

export interface LocalPhoto {
  key: string;
  file: File;
  url: string;
  level: LevelId;
  aspect: PhotoAspect;
  /** The cropper's position and zoom, kept per photo. */
  position: Point;
  zoom: number;
  /** The crop in pixels of the upright photo; null until the cropper has measured it. */
  crop: CropPixels | null;
}

let nextKey = 0;

function imageShape(url: string): Promise<PhotoAspect> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image.naturalWidth > image.naturalHeight ? 'landscape' : 'portrait');
    image.onerror = () => resolve('portrait');
    image.src = url;
  });
}

export function useSinglePhoto() {
  const [step, setStep] = useState<Step>(1);
  const [photos, setPhotos] = useState<LocalPhoto[]>([]);
  const [currentKey, setCurrentKey] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [toasts, setToasts] = useState<ToastView[]>([]);

  const inputRef = useRef<HTMLInputElement>(null);
  const step1HeadingRef = useRef<HTMLHeadingElement>(null);
  const step2HeadingRef = useRef<HTMLHeadingElement>(null);
  const stepChanged = useRef(false);
  const photosRef = useRef(photos);
  photosRef.current = photos;

  const showToast = useCallback((type: ToastView['type'], description: string) => {
    setToasts((current) => [...current, { id: `${Date.now()}-${Math.random()}`, type, description }].slice(-20));
  }, []);

  // Every object URL is let go once the page goes.
  useEffect(() => () => photosRef.current.forEach((photo) => URL.revokeObjectURL(photo.url)), []);

  // Focus follows the step, so a keyboard or screen-reader user lands at the start of what just appeared.
  useEffect(() => {
    if (!stepChanged.current) return;
    (step === 2 ? step2HeadingRef : step1HeadingRef).current?.focus();
  }, [step]);

  const goToStep = useCallback((next: Step) => {
    stepChanged.current = true;
    setStep(next);
  }, []);

  const refuse = useCallback(
    (message: string) => {
      setPhotoError(message);
      showToast('error', message);
    },
    [showToast],
  );

  /** A photo chosen or dropped: checked in the browser with SPEC's rules, then cropped on step 2. */
  const onFile = useCallback(
    async (file: File) => {
      setPhotoError(null);
      if (photosRef.current.length >= MAX_PHOTOS_PER_ORDER) {
        if (inputRef.current) inputRef.current.value = '';
        refuse(SINGLE_PHOTO_MESSAGES.tooManyPhotos);
        return;
      }
      setChecking(true);
      let url: string;
      try {
        url = URL.createObjectURL(file);
      } catch {
        setChecking(false);
        refuse(FILE_PROCESS_FAILED);
        return;
      }
      const verdict = await checkPhotoInBrowser(file, url);
      const aspect = verdict.ok ? await imageShape(url) : 'portrait';
      setChecking(false);
      // Let the same file be chosen again.
      if (inputRef.current) inputRef.current.value = '';
      if (!verdict.ok) {
        URL.revokeObjectURL(url);
        refuse(verdict.message);
        return;
      }
      nextKey += 1;
      const key = `photo-${nextKey}`;
      // A new photo starts at the level of the one before it (the parent usually wants one level for the book).
      const level = photosRef.current.at(-1)?.level ?? DEFAULT_LEVEL;
      setPhotos((current) => [...current, { key, file, url, level, aspect, position: { x: 0, y: 0 }, zoom: 1, crop: null }]);
      setCurrentKey(key);
      goToStep(2);
    },
    [goToStep, refuse],
  );

  const update = useCallback((key: string, change: Partial<LocalPhoto>) => {
    setPhotos((current) => current.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));
  }, []);

  /** Removes a photo; removing the last one returns to step 1 (SPEC §4). */
  const removePhoto = useCallback(
    (key: string) => {
      const remaining = photosRef.current.filter((photo) => photo.key !== key);
      const gone = photosRef.current.find((photo) => photo.key === key);
      if (gone) URL.revokeObjectURL(gone.url);
      setPhotos(remaining);
      setCurrentKey((current) => (current === key ? (remaining.at(-1)?.key ?? null) : current));
      if (remaining.length === 0) {
        setPhotoError(null);
        goToStep(1);
      }
    },
    [goToStep],
  );

  /** 'Add another photo': back to step 1 with the file picker opened (the click is the parent's, so the browser allows it). */
  const addAnother = useCallback(() => {
    setPhotoError(null);
    goToStep(1);
    inputRef.current?.click();
  }, [goToStep]);

  /** Back to step 2 from 'Add another photo' without choosing one. */
  const backToPhotos = useCallback(() => goToStep(2), [goToStep]);

  /** 'Upload a different photo': removes the current photo, or resets to step 1 when it is the only one (SPEC §4). */
  const differentPhoto = useCallback(() => {
    if (currentKey) removePhoto(currentKey);
  }, [currentKey, removePhoto]);

  /** 'Apply to all photos': the current photo's level for every photo. */
  const applyLevelToAll = useCallback(
    (level: LevelId) => {
      setPhotos((current) => current.map((photo) => ({ ...photo, level })));
      showToast('success', `Level ${level} applied to all photos.`);
    },
    [showToast],
  );

  const current = photos.find((photo) => photo.key === currentKey) ?? null;

  return {
    step,
    photos,
    current,
    selectPhoto: setCurrentKey,
    photoError,
    checking,
    toasts,
    showToast,
    inputRef,
    step1HeadingRef,
    step2HeadingRef,
    onFile,
    update,
    removePhoto,
    addAnother,
    backToPhotos,
    differentPhoto,
    applyLevelToAll,
  };
}
