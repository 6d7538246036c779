import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { profileUpdateSchema } from '@newsroom/common';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Field } from '@/components/Field';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { useAuth } from '@/lib/auth';
import { swal } from '@/lib/swal';
import { imageFileProblem, uploadImage } from '@/lib/upload-image';
import { useUpdateProfile } from '@/lib/api/users';
import { profileMessages as m } from './messages';
import { ProfilePhotoField, useProfilePhoto, type ProfilePhoto } from './ProfilePhotoField';
import type { Profile } from './types';

/** The dialog checks its fields as the server's PATCH /users/{email} does (the photo is uploaded apart). */
const profileFormSchema = profileUpdateSchema.pick({
  name: true,
  phone: true,
  address: true,
  birth: true,
  gender: true,
});
type ProfileValues = z.input<typeof profileFormSchema>;
type CheckedProfileValues = z.output<typeof profileFormSchema>;

interface UpdateProfileDialogProps {
  open: boolean;
  profile: Profile;
  onClose: () => void;
}

const today = () => new Date().toISOString().slice(0, 10);

/** docs/product.md §4 "Profile dialog". */
export function UpdateProfileDialog({ open, profile, onClose }: UpdateProfileDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} title={m.dialogTitle} onClose={onClose} closeDisabled={busy} widthClass="max-w-xl">
      {open && <ProfileForm profile={profile} onDone={onClose} busy={busy} setBusy={setBusy} />}
    </Modal>
  );
}

interface ProfileFormProps {
  profile: Profile;
  onDone: () => void;
  busy: boolean;
  setBusy: (busy: boolean) => void;
}

function ProfileForm({ profile, onDone, busy, setBusy }: ProfileFormProps) {
  const photo = useProfilePhoto();
  const save = useProfileSave({ profile, photo, setBusy, onDone });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProfileValues, unknown, CheckedProfileValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      name: profile.name || profile.displayName || '',
      phone: profile.phone ?? '',
      address: profile.address ?? '',
      birth: profile.birth ?? '',
      gender: profile.gender ?? '',
    },
  });

  const invalid = (name: keyof ProfileValues) => (errors[name] ? 'border-danger' : '');

  return (
    <form method="post" noValidate onSubmit={handleSubmit(save)} className="grid gap-4" aria-busy={busy}>
      <fieldset disabled={busy} className="grid gap-4">
        <ProfilePhotoField photo={photo} profile={profile} busy={busy} />
        <Field label="Full name" error={errors.name?.message}>
          {(control) => (
            <input
              {...control}
              className={`input ${invalid('name')}`}
              autoComplete="name"
              {...register('name')}
            />
          )}
        </Field>
        <Field label="Email">
          {({ id }) => <input id={id} className="input opacity-80" value={profile.email} readOnly />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Phone" error={errors.phone?.message}>
            {(control) => (
              <input
                {...control}
                type="tel"
                inputMode="numeric"
                autoComplete="tel"
                className={`input ${invalid('phone')}`}
                {...register('phone')}
              />
            )}
          </Field>
          <Field label="Date of birth" error={errors.birth?.message}>
            {(control) => (
              <input
                {...control}
                type="date"
                max={today()}
                className={`input ${invalid('birth')}`}
                {...register('birth')}
              />
            )}
          </Field>
        </div>
        <Field label="Address" error={errors.address?.message}>
          {(control) => (
            <input
              {...control}
              className={`input ${invalid('address')}`}
              autoComplete="street-address"
              {...register('address')}
            />
          )}
        </Field>
        <Field label="Gender">
          {({ id }) => (
            <select id={id} className="input" {...register('gender')}>
              <option value="">Not set</option>
              <option value="male">Male</option>
              <option value="female">Female</option>
            </select>
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <button type="button" className="btn btn-outline" onClick={onDone}>
            Close
          </button>
          <button type="submit" className="btn btn-primary">
            {busy && <Spinner className="size-4" label="Saving" />}
            Update
          </button>
        </div>
      </fieldset>
    </form>
  );
}

interface ProfileSaveOptions {
  profile: Profile;
  photo: ProfilePhoto;
  setBusy: (busy: boolean) => void;
  onDone: () => void;
}

/**
 * The dialog's submit: the new photo is uploaded first (its failure stops here), then the record and
 * the session's copy are updated; the dialog refreshes and closes whether the update worked or not.
 */
function useProfileSave({ profile, photo, setBusy, onDone }: ProfileSaveOptions) {
  const { updateUserProfile } = useAuth();
  const update = useUpdateProfile();
  return async (values: CheckedProfileValues) => {
    const image = photo.newFile;
    const problem = image ? imageFileProblem(image) : undefined;
    if (problem) {
      photo.setError(problem);
      return;
    }
    setBusy(true);
    let photoURL = profile.photoURL ?? '';
    if (image) {
      const uploaded = await uploadImage(image, { onError: photo.setError }).catch((error: unknown) => {
        console.error(error);
        return undefined;
      });
      if (!uploaded) {
        // A failed upload stops the update; the form is usable again, the reason under the photo.
        setBusy(false);
        return;
      }
      photoURL = uploaded;
    }
    const name = values.name;
    let updated = false;
    try {
      await update.mutateAsync({
        email: profile.email,
        body: {
          name,
          photoURL,
          phone: values.phone ?? '',
          address: values.address ?? '',
          birth: values.birth ?? '',
          gender: values.gender ?? '',
        },
      });
      updated = true;
      // Keep the session (navbar avatar, article bylines) in step with the record.
      await updateUserProfile(name, photoURL || null).catch((error: unknown) => console.error(error));
    } catch (error) {
      console.error(error);
    } finally {
      // Refresh and close whether the call worked or not (docs/product.md §4).
      void update.refresh(profile.email);
      setBusy(false);
      onDone();
    }
    if (updated) void swal.fire({ icon: 'success', title: m.updatedTitle, text: m.updatedText });
  };
}
