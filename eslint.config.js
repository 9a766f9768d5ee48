import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The lint run by `npm test`: TypeScript's recommended rules and React's rules of hooks, no warnings allowed. */
export default tseslint.config(
    { ignores: ['dist/**', 'build/**', 'node_modules/**', 'tests/e2e/artifacts/**'] },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    // The plain-JavaScript scripts that run before any TypeScript can (the server's build and start).
    { files: ['**/*.mjs'], languageOptions: { globals: globals.node } },
    {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { globals: { ...globals.browser, ...globals.node } },
        plugins: { 'react-hooks': reactHooks },
        rules: {
            ...reactHooks.configs.recommended.rules,
            // A leading underscore names what is taken apart only to be left out.
            '@typescript-eslint/no-unused-vars': [
                'error',
                { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
            ],
        },
    },
);
