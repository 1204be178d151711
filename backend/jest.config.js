import { jestConfig } from '../jest.base.js';
export default { ...jestConfig({ roots: ['<rootDir>/src', '<rootDir>/test'], setupFiles: ['reflect-metadata'] }), testTimeout: 60000 };
