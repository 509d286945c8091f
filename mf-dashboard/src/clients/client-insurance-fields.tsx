import type { UseFormRegister } from 'react-hook-form';
import { DateInput, Select, TextInput } from '@cadence/shared-ui';
import type { ClientFormValues } from './client-form.tsx';
import { SUBSCRIBER_RELATIONSHIP_LABELS, SUBSCRIBER_RELATIONSHIPS } from './client-insurance.ts';

const RELATIONSHIP_OPTIONS = SUBSCRIBER_RELATIONSHIPS.map((value) => ({ value, label: SUBSCRIBER_RELATIONSHIP_LABELS[value] }));

interface ClientInsuranceFieldsProps {
  register: UseFormRegister<ClientFormValues>;
  message: (name: keyof ClientFormValues) => string | undefined;
}

/** The client's insurance and responsible party, as a superbill and a claim need them (issue 37). */
export function ClientInsuranceFields({ register, message }: ClientInsuranceFieldsProps) {
  const coverage = (prefix: 'insurance' | 'secondaryInsurance', title: string) => (
    <fieldset className="clients-form__group">
      <legend>{title}</legend>
      <TextInput label={`${title}: payer`} hint="The insurance company, as on the card." autoComplete="off" {...register(`${prefix}PayerName`)} error={message(`${prefix}PayerName`)} />
      <TextInput label={`${title}: payer ID`} hint="The payer's electronic ID for claims." autoComplete="off" {...register(`${prefix}PayerId`)} error={message(`${prefix}PayerId`)} />
      <TextInput label={`${title}: member ID`} autoComplete="off" {...register(`${prefix}MemberId`)} error={message(`${prefix}MemberId`)} />
      <TextInput label={`${title}: group number`} autoComplete="off" {...register(`${prefix}GroupNumber`)} error={message(`${prefix}GroupNumber`)} />
      <TextInput label={`${title}: subscriber`} hint="The policyholder, when not the client." autoComplete="off" {...register(`${prefix}SubscriberName`)} error={message(`${prefix}SubscriberName`)} />
      <Select
        label={`${title}: subscriber’s relationship to the client`}
        placeholder="Not recorded"
        options={RELATIONSHIP_OPTIONS}
        {...register(`${prefix}SubscriberRelation`)}
        error={message(`${prefix}SubscriberRelation`)}
      />
      <DateInput label={`${title}: subscriber’s date of birth`} {...register(`${prefix}SubscriberDob`)} error={message(`${prefix}SubscriberDob`)} />
    </fieldset>
  );
  return (
    <>
      {coverage('insurance', 'Primary insurance')}
      {coverage('secondaryInsurance', 'Secondary insurance')}
      <fieldset className="clients-form__group">
        <legend>Responsible party or guardian</legend>
        <TextInput label="Responsible party" hint="Who pays or signs for the client, such as a parent of a minor." autoComplete="off" {...register('responsiblePartyName')} error={message('responsiblePartyName')} />
        <TextInput label="Responsible party: relationship" autoComplete="off" {...register('responsiblePartyRelationship')} error={message('responsiblePartyRelationship')} />
        <TextInput label="Responsible party: phone" type="tel" autoComplete="off" {...register('responsiblePartyPhone')} error={message('responsiblePartyPhone')} />
      </fieldset>
    </>
  );
}
