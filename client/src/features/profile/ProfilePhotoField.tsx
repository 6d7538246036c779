import { useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '@/components/Avatar';
import { ImageFileInput } from '@/components/ImageFileInput';
import { imageFileProblem } from '@/lib/upload-image';
import { profileMessages as m } from './messages';
import type { Profile } from './types';

/** The profile dialog's photo: kept, or being changed for a new file (and why that file cannot be used). */
export function useProfilePhoto() {
  const [changing, setChanging] = useState(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);
  const [file, setFile] = useState<File | null>(null);
  /** Why the new photo cannot be used (too large, wrong type, the upload's failure). */
  const [error, setError] = useState('');
  const inputId = useId();
  // Keyboard users keep their place: focus follows the Change Image / Cancel toggle.
  useEffect(() => {
    if (!toggled.current) return;
    if (changing) document.getElementById(inputId)?.focus();
    else changeButton.current?.focus();
  }, [changing, inputId]);

  return {
    changing,
    file,
    /** The photo to upload on submit: none while the current one is kept. */
    newFile: changing ? file : null,
    error,
    setError,
    inputId,
    errorId: `${inputId}-error`,
    changeButton,
    startChange: () => {
      toggled.current = true;
      setChanging(true);
    },
    cancelChange: () => {
      toggled.current = true;
      setChanging(false);
      setFile(null);
      setError('');
    },
    choose: (chosen: File | null) => {
      setFile(chosen);
      setError(chosen ? (imageFileProblem(chosen) ?? '') : '');
    },
  };
}

export type ProfilePhoto = ReturnType<typeof useProfilePhoto>;

interface ProfilePhotoFieldProps {
  photo: ProfilePhoto;
  profile: Profile;
  busy: boolean;
}

/** The current photo with Change Image, or the file input with Cancel; the new file's problem under it. */
export function ProfilePhotoField({ photo, profile, busy }: ProfilePhotoFieldProps) {
  return (
    <div>
      <span className="label">Photo</span>
      {photo.changing ? (
        <div className="flex items-center gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={photo.inputId} className="sr-only">
              New photo
            </label>
            <ImageFileInput
              id={photo.inputId}
              file={photo.file}
              onChange={photo.choose}
              disabled={busy}
              invalid={!!photo.error}
              describedBy={photo.error ? photo.errorId : undefined}
            />
          </div>
          <button type="button" className="btn btn-outline" onClick={photo.cancelChange}>
            {m.cancelImage}
          </button>
        </div>
      ) : (
        <div className="flex items-center gap-3">
          <Avatar src={profile.photoURL} name={profile.name || profile.email} className="size-14" />
          <button
            ref={photo.changeButton}
            type="button"
            className="btn btn-outline"
            onClick={photo.startChange}
          >
            {m.changeImage}
          </button>
        </div>
      )}
      {photo.changing && photo.error && (
        <p id={photo.errorId} role="alert" className="field-error">
          {photo.error}
        </p>
      )}
    </div>
  );
}
