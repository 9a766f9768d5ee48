import { defineMessages } from './define';

/** Messages of the forms' own checks and warnings, beyond the base catalogue's `app.validation`. */
export const validationMessages = defineMessages(
    {
        app: {
            validation: {
                label_required: 'Give the label in at least one language',
            },
            customers: {
                duplicate_phone: 'This phone number already belongs to',
                duplicate_email: 'This e-mail already belongs to',
                duplicate_hint: 'Check that this is not the same person. Save again to add a new customer anyway.',
                save_anyway: 'Save anyway',
            },
        },
    },
    {
        app: {
            validation: {
                label_required: 'Укажите название хотя бы на одном языке',
            },
            customers: {
                duplicate_phone: 'Этот номер телефона уже есть у клиента',
                duplicate_email: 'Этот e-mail уже есть у клиента',
                duplicate_hint:
                    'Проверьте, не тот же ли это человек. Чтобы всё равно добавить нового клиента, сохраните ещё раз.',
                save_anyway: 'Всё равно сохранить',
            },
        },
    },
);
