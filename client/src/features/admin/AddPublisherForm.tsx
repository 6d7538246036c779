import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
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
  const ids = { name: useId(), logo: useId() };
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
      <div>
        <label htmlFor={ids.name} className="label">
          Publisher name
        </label>
        <input
          id={ids.name}
          className="input"
          autoComplete="organization"
          aria-invalid={errors.publisherName ? true : undefined}
          aria-describedby={errors.publisherName ? `${ids.name}-error` : undefined}
          {...register('publisherName', {
            validate: (v) => v.trim() !== '' || 'Publisher name is required',
            maxLength: { value: 100, message: 'At most 100 characters' },
          })}
        />
        {errors.publisherName && (
          <p id={`${ids.name}-error`} className="field-error">
            {errors.publisherName.message}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={ids.logo} className="label">
          Logo
        </label>
        <ImageFileInput
          key={fileKey}
          id={ids.logo}
          file={logo}
          invalid={logoMissing}
          describedBy={logoMissing ? `${ids.logo}-error` : undefined}
          onChange={(file) => {
            setLogo(file);
            if (file) setLogoMissing(false);
          }}
        />
        {logoMissing && (
          <p id={`${ids.logo}-error`} className="field-error">
            A logo image is required
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary justify-self-start px-6" disabled={busy}>
        {busy && <Spinner className="size-4" label="Adding publisher" />}
        Add Publisher
      </button>
    </form>
  );
}
