import { articleFieldsSchema } from '@newsroom/common';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { Field } from '@/components/Field';
import { TagSelect } from '../components/TagSelect';
import { TAG_OPTIONS } from '../tags';
import { writerMessages as m } from './messages';
import type { ArticleSubmission } from './types';

/**
 * Both forms check what the server checks of these fields (the image is uploaded apart). The update
 * dialog always sends the tags, and the server refuses an empty list, so it asks for one too.
 */
export const articleFormSchema = articleFieldsSchema;

/** The article fields shared by the add page and the update dialog (the image is handled by each form). */
export type ArticleValues = z.input<typeof articleFormSchema>;
/** What the fields hold once checked: texts trimmed, tags lower-case and without repeats. */
export type CheckedArticleValues = z.output<typeof articleFormSchema>;

interface RegisteredFieldProps {
  register: UseFormRegister<ArticleValues>;
  errors: FieldErrors<ArticleValues>;
}

/** The body both the add and the update call send for these fields (the checked values, API field names). */
export function articleFieldsBody(
  values: CheckedArticleValues,
  photoURL: string,
): Omit<ArticleSubmission, 'userInfo'> {
  return {
    title: values.title,
    photoURL,
    publisher: values.publisher,
    formatedTags: values.formatedTags,
    description: values.description,
  };
}

export function ArticleTitleField({ register, errors }: RegisteredFieldProps) {
  return (
    <Field label="Title" error={errors.title?.message}>
      {(control) => <input {...control} className="input" autoComplete="off" {...register('title')} />}
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
        <select {...control} className="input" {...register('publisher')}>
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
  control: Control<ArticleValues, unknown, CheckedArticleValues>;
  errors: FieldErrors<ArticleValues>;
}

export function ArticleTagsField({ control, errors }: ArticleTagsFieldProps) {
  return (
    <Field label="Tags" error={errors.formatedTags?.message}>
      {({ id }) => (
        <Controller
          control={control}
          name="formatedTags"
          render={({ field }) => (
            <TagSelect
              inputId={id}
              value={TAG_OPTIONS.filter((o) => field.value.includes(o.value))}
              onChange={(selected) => field.onChange(selected.map((o) => o.value))}
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
      {(control) => <textarea {...control} rows={rows} className="input" {...register('description')} />}
    </Field>
  );
}
