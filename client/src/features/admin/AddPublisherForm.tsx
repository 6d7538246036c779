import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { addPublisherBodySchema } from '@newsroom/common';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/Field';
import { ImageFileInput, wiredTo } from '@/components/ImageFileInput';
import { Spinner } from '@/components/Spinner';
import { AxiosError } from 'axios';
import { errorMessage } from '@/lib/error-message';
import { swal } from '@/lib/swal';
import { imageFileProblem, uploadImage } from '@/lib/upload-image';
import { useAddPublisher } from '@/lib/api/admin';
import { adminMessages as m } from './messages';

/** The name is checked as the server checks it; the logo is an image file, uploaded apart. */
const publisherFormSchema = addPublisherBodySchema.pick({ publisherName: true });

/** /dashboard/add-publisher: name and logo image, both required (docs/product.md §5). */
export function AddPublisherForm() {
  const add = useAddPublisher();
  const [logo, setLogo] = useState<File | null>(null);
  const [logoMissing, setLogoMissing] = useState(false);
  /** Why the logo cannot be used (too large, wrong type, the upload's failure). */
  const [logoError, setLogoError] = useState('');
  /** A refusal that is not about one field (offline, too many requests). */
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [fileKey, setFileKey] = useState(0);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(publisherFormSchema), defaultValues: { publisherName: '' } });

  const onSubmit = async ({ publisherName }: { publisherName: string }) => {
    if (!logo) {
      setLogoMissing(true);
      return;
    }
    setFormError('');
    const problem = imageFileProblem(logo);
    if (problem) {
      setLogoError(problem);
      return;
    }
    setBusy(true);
    try {
      const url = await uploadImage(logo, { onError: setLogoError });
      if (!url) return; // the reason is shown under the logo field
      await add.mutateAsync({ publisherName: publisherName.trim(), logo: url });
      reset();
      setLogo(null);
      setFileKey((k) => k + 1);
      void swal.fire({ icon: 'success', title: m.added, text: `${publisherName.trim()} was added.` });
    } catch (error) {
      console.error(error);
      // A taken name is said under the name (409); anything else under the form. What was typed stays.
      if (error instanceof AxiosError && error.response?.status === 409) {
        setError('publisherName', { message: errorMessage(error) }, { shouldFocus: true });
      } else {
        setFormError(errorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit(onSubmit, () => setLogoMissing(!logo))}
      className="card grid max-w-2xl gap-5 p-5 sm:p-8"
      aria-busy={busy}
    >
      <Field label="Publisher name" error={errors.publisherName?.message}>
        {(control) => (
          <input {...control} className="input" autoComplete="organization" {...register('publisherName')} />
        )}
      </Field>
      <Field label="Logo" error={logoMissing ? 'A logo image is required' : logoError || undefined}>
        {(control) => (
          <ImageFileInput
            key={fileKey}
            {...wiredTo(control)}
            file={logo}
            onChange={(file) => {
              setLogo(file);
              if (file) setLogoMissing(false);
              setLogoError(file ? (imageFileProblem(file) ?? '') : '');
            }}
          />
        )}
      </Field>
      {formError && (
        <p role="alert" className="field-error">
          {formError}
        </p>
      )}
      <button type="submit" className="btn btn-primary justify-self-start px-6" disabled={busy}>
        {busy && <Spinner className="size-4" label="Adding publisher" />}
        Add Publisher
      </button>
    </form>
  );
}
