/*
 * A money rule refusing: the server answers it as a 409 naming the field, and the card's dialogs show
 * the message at that field.
 */

/** A rule refused: the field it concerns (for the form) and the message key. */
export class MoneyRuleError extends Error {
    constructor(
        readonly field: string,
        readonly key: string,
    ) {
        super(key);
    }
}

/** Refuses by the rule whose message is `app.money.errors.{key}`, for the form's `field`. */
export const refuse = (field: string, key: string): never => {
    throw new MoneyRuleError(field, `app.money.errors.${key}`);
};
