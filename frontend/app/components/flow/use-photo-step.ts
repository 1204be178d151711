// The create page's first step with JavaScript: the photo chosen, checked in the browser, shown for cropping; which of
// the two steps is showing, and focus following it.
import { FILE_PROCESS_FAILED } from '@colouring/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ToastView } from '~/components/toaster';
import { checkPhotoInBrowser } from './check-photo';
import type { CropPixels } from './photo-cropper';

export type Step = 1 | 2;

export function usePhotoStep(serverPhotoError: string | null) {
  const [step, setStep] = useState<Step>(1);
  const [photo, setPhoto] = useState<{ file: File; url: string } | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(serverPhotoError);
  const [crop, setCrop] = useState<CropPixels | null>(null);
  const [checking, setChecking] = useState(false);
  const [toasts, setToasts] = useState<ToastView[]>([]);

  const inputRef = useRef<HTMLInputElement>(null);
  const step1HeadingRef = useRef<HTMLHeadingElement>(null);
  const step2HeadingRef = useRef<HTMLHeadingElement>(null);
  const stepChanged = useRef(false);

  const showToast = useCallback((description: string) => {
    setToasts((current) => [...current, { id: `${Date.now()}-${Math.random()}`, type: 'error' as const, description }].slice(-20));
  }, []);

  // The object URL lives as long as the photo it shows.
  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);

  // Focus follows the step, so a keyboard or screen-reader user lands at the start of what just appeared.
  useEffect(() => {
    if (!stepChanged.current) return;
    (step === 2 ? step2HeadingRef : step1HeadingRef).current?.focus();
  }, [step]);

  const goToStep = useCallback((next: Step) => {
    stepChanged.current = true;
    setStep(next);
  }, []);

  /** Back to step 1 with no photo; `error` is why (the server refused it), if anything. */
  const dropPhoto = useCallback(
    (error: string | null = null) => {
      setPhoto(null);
      setCrop(null);
      setPhotoError(error);
      goToStep(1);
    },
    [goToStep],
  );

  const onFile = useCallback(
    async (file: File) => {
      setPhotoError(null);
      setChecking(true);
      let url: string;
      try {
        url = URL.createObjectURL(file);
      } catch {
        setChecking(false);
        setPhotoError(FILE_PROCESS_FAILED);
        showToast(FILE_PROCESS_FAILED);
        return;
      }
      const verdict = await checkPhotoInBrowser(file, url);
      setChecking(false);
      // Let the same file be chosen again after a fix elsewhere.
      if (inputRef.current) inputRef.current.value = '';
      if (!verdict.ok) {
        URL.revokeObjectURL(url);
        setPhotoError(verdict.message);
        showToast(verdict.message);
        return;
      }
      setPhoto({ file, url });
      setCrop(null);
      goToStep(2);
    },
    [goToStep, showToast],
  );

  return {
    step,
    photo,
    photoError,
    crop,
    setCrop,
    checking,
    toasts,
    inputRef,
    step1HeadingRef,
    step2HeadingRef,
    onFile,
    dropPhoto,
  };
}
