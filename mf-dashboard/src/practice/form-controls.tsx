import type { ComponentType, ReactNode, Ref } from 'react';
import { Alert, Select, TextInput, type SelectProps, type TextInputProps } from '@cadence/shared-ui';
import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod';

// What the practice's forms share: react-hook-form on the data layer's own zod schema, shared-ui
// fields, and the Alert a failed save shows (a failed load: shared/load-error.tsx).

/**
 * shared-ui's TextInput and Select spread their props onto the native control, and React 19 passes
 * `ref` as a prop, so react-hook-form's `register()` (which needs the ref to read, reset and focus
 * the field) works with them; their prop types just do not name `ref` yet.
 */
export const FormTextInput = TextInput as ComponentType<TextInputProps & { ref?: Ref<HTMLInputElement> }>;
export const FormSelect = Select as ComponentType<SelectProps & { ref?: Ref<HTMLSelectElement> }>;

/**
 * A react-hook-form resolver for one of the practice schemas. They take what a form holds (text,
 * '' when empty) as well as what a document holds, so their declared input type is `unknown`; the
 * form's own value type stands in for it.
 */
export function schemaResolver<Values extends FieldValues, Output>(schema: z.ZodType<Output>): Resolver<Values, unknown, Output> {
  return zodResolver(schema as never) as unknown as Resolver<Values, unknown, Output>;
}

/** A failed save: what failed and the server's reason; what was typed stays in the form. */
export function SaveError({ what, error }: { what: string; error: unknown }): ReactNode {
  const reason = error instanceof Error && error.message ? error.message : 'Please try again.';
  return (
    <Alert tone="error" title={what}>
      {reason} Nothing you typed is lost.
    </Alert>
  );
}
