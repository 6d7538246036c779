import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/Field';
import { ImageFileInput } from '@/components/ImageFileInput';
import { Spinner } from '@/components/Spinner';
import { swal } from '@/lib/swal';
import { uploadImage } from '@/lib/upload-image';
import { useAddPublisher } from './api';
import { adminMessages as m } from './messages';

/** /dashboard/add-publisher: name and logo image, both required (SPEC.md §5). */
export function AddPublisherForm() {
  const add = useAddPublisher();
  const [logo, setLogo] = useState<File | null>(null);
  const [logoMissing, setLogoMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fileKey, setFileKey] = useState(0);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ publisherName: string }>({ defaultValues: { publisherName: '' } });

  const onSubmit = async ({ publisherName }: { publisherName: string }) => {
    if (!logo) {
      setLogoMissing(true);
      return;
    }
    setBusy(true);
    try {
      const url = await uploadImage(logo);
      if (!url) return;
      await add.mutateAsync({ publisherName: publisherName.trim(), logo: url });
      reset();
      setLogo(null);
      setFileKey((k) => k + 1);
      void swal.fire({ icon: 'success', title: m.added, text: `${publisherName.trim()} was added.` });
    } catch (error) {
      console.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit, () => setLogoMissing(!logo))}
      className="card grid max-w-2xl gap-5 p-5 sm:p-8"
      aria-busy={busy}
    >
      <Field label="Publisher name" error={errors.publisherName?.message}>
        {(control) => (
          <input
            {...control}
            className="input"
            autoComplete="organization"
            {...register('publisherName', {
              validate: (v) => v.trim() !== '' || 'Publisher name is required',
              maxLength: { value: 100, message: 'At most 100 characters' },
            })}
          />
        )}
      </Field>
      <Field label="Logo" error={logoMissing ? 'A logo image is required' : undefined}>
        {(control) => (
          <ImageFileInput
            key={fileKey}
            id={control.id}
            file={logo}
            invalid={control['aria-invalid']}
            describedBy={control['aria-describedby']}
            onChange={(file) => {
              setLogo(file);
              if (file) setLogoMissing(false);
            }}
          />
        )}
      </Field>
      <button type="submit" className="btn btn-primary justify-self-start px-6" disabled={busy}>
        {busy && <Spinner className="size-4" label="Adding publisher" />}
        Add Publisher
      </button>
    </form>
  );
}
