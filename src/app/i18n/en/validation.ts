/** Messages of the forms' own checks and warnings, beyond the base catalogue's `app.validation`. */
export const validationMessages = {
    app: {
        validation: {
            contact: 'Give a phone or an e-mail (a ward may have neither: the guardian is reached)',
            duplicate_phone: 'This phone number already belongs to another customer',
            guardian: "The guardian must be another customer who is nobody's ward and has no wards of their own",
            label_required: 'Give the label in at least one language',
            nul_character: 'The text holds a NUL character, which cannot be stored',
        },
        customers: {
            duplicate_phone: 'This phone number already belongs to',
            duplicate_email: 'This e-mail already belongs to',
            duplicate_hint: 'Check that this is not the same person. Save again to add a new customer anyway.',
            save_anyway: 'Save anyway',
        },
    },
};
