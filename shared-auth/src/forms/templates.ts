// @cadence/shared-auth/forms/templates (issue 31): the forms Cadence ships (demographics, emergency
// contact, history, insurance, payment preferences), the module send-forms copies from. A subpath of
// its own: the therapist's form editor loads them; the portal, which only fills forms, does not.
export { FORM_TEMPLATES, formTemplateOf } from '../../../backend/functions/lib/form-templates.js';
