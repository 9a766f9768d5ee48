import type { Catalogue } from '../catalogue';
import type { validationMessages as english } from '../en/validation';

/** Messages of the forms' own checks and warnings, beyond the base catalogue's `app.validation`. */
export const validationMessages = {
    app: {
        validation: {
            contact: 'Укажите телефон или e-mail (у подопечного может не быть ни того ни другого: связь через опекуна)',
            duplicate_phone: 'Этот номер телефона уже есть у другого клиента',
            guardian: 'Опекуном может быть только другой клиент, который сам не подопечный',
            label_required: 'Укажите название хотя бы на одном языке',
            nul_character: 'В тексте есть символ NUL, его нельзя сохранить',
        },
        customers: {
            duplicate_phone: 'Этот номер телефона уже есть у клиента',
            duplicate_email: 'Этот e-mail уже есть у клиента',
            duplicate_hint:
                'Проверьте, не тот же ли это человек. Чтобы всё равно добавить нового клиента, сохраните ещё раз.',
            save_anyway: 'Всё равно сохранить',
        },
    },
} satisfies Catalogue<typeof english>;
