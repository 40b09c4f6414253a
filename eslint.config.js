import tseslint from 'typescript-eslint';
import { base, ignores, pureCore } from './tooling/eslint.base.js';

export default tseslint.config(ignores, ...base, pureCore(['packages/shared/src/**/*.ts']));
