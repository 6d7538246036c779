import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './Field';

describe('Field', () => {
  it('labels its control and links the hint; no error, not invalid', () => {
    render(
      <Field label="Password" markRequired hint="At least 6 characters.">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Password *');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('At least 6 characters.');
  });

  it('shows the error under the control, marks it invalid and links the error text', () => {
    render(
      <Field id="title" label="Title" error="Title is required">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Title');
    expect(input).toHaveAttribute('id', 'title');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Title is required');
    expect(screen.getByText('Title is required')).toHaveClass('field-error');
    // Read out as it appears (screen readers announce an alert), not only when the field is reached.
    expect(screen.getByRole('alert')).toHaveTextContent('Title is required');
  });

  it('can mark the control invalid without an error text', () => {
    render(
      <Field label="Phone" invalid>
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Phone');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).not.toHaveAttribute('aria-describedby');
  });
});
