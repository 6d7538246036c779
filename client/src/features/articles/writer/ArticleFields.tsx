import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Field } from '@/components/Field';
import { useAuth } from '@/lib/auth';
import { TagSelect } from '../components/TagSelect';
import { TAG_OPTIONS } from '../tags';
import { writerMessages as m } from './messages';
import type { ArticleUpdate } from './types';

/** The article fields shared by the add page and the update dialog (the image is handled by each form). */
export interface ArticleValues {
  title: string;
  publisher: string;
  tags: string[];
  description: string;
}

interface RegisteredFieldProps {
  register: UseFormRegister<ArticleValues>;
  errors: FieldErrors<ArticleValues>;
}

/** The body both the add and the update call send for these fields (trimmed texts, docs/product.md's field names). */
export function articleFieldsBody(values: ArticleValues, photoURL: string): ArticleUpdate {
  return {
    title: values.title.trim(),
    photoURL,
    publisher: values.publisher,
    formatedTags: values.tags,
    description: values.description.trim(),
  };
}

export function ArticleTitleField({ register, errors }: RegisteredFieldProps) {
  return (
    <Field label="Title" error={errors.title?.message}>
      {(control) => (
        <input
          {...control}
          className="input"
          autoComplete="off"
          {...register('title', {
            validate: (v) => v.trim() !== '' || 'Title is required',
            maxLength: { value: 150, message: 'At most 150 characters' },
          })}
        />
      )}
    </Field>
  );
}

export function ArticlePublisherField({
  register,
  errors,
  publisherNames,
}: RegisteredFieldProps & { publisherNames: string[] }) {
  return (
    <Field label="Publisher" error={errors.publisher?.message}>
      {(control) => (
        <select
          {...control}
          className="input"
          {...register('publisher', { required: 'Publisher is required' })}
        >
          <option value="" disabled>
            {m.selectPublisher}
          </option>
          {publisherNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

interface ArticleTagsFieldProps {
  control: Control<ArticleValues>;
  errors: FieldErrors<ArticleValues>;
  /** The add page asks for at least one tag; the update dialog does not. */
  required?: boolean;
}

export function ArticleTagsField({ control, errors, required = false }: ArticleTagsFieldProps) {
  const { darkMode } = useAuth();
  return (
    <Field label="Tags" error={errors.tags?.message}>
      {({ id }) => (
        <Controller
          control={control}
          name="tags"
          rules={required ? { validate: (v) => v.length > 0 || 'Select at least one tag' } : undefined}
          render={({ field }) => (
            <TagSelect
              inputId={id}
              value={TAG_OPTIONS.filter((o) => field.value.includes(o.value))}
              onChange={(selected) => field.onChange(selected.map((o) => o.value))}
              darkMode={darkMode}
              placeholder={m.selectTags}
            />
          )}
        />
      )}
    </Field>
  );
}

export function ArticleDescriptionField({ register, errors, rows }: RegisteredFieldProps & { rows: number }) {
  return (
    <Field label="Description" error={errors.description?.message}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          className="input"
          {...register('description', {
            validate: (v) => v.trim() !== '' || 'Description is required',
            maxLength: { value: 20000, message: 'At most 20,000 characters' },
          })}
        />
      )}
    </Field>
  );
}
