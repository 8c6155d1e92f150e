export { createUserModule } from './user.module.ts';
export { maskEmail, maskPhone, toProfile } from './user.mapper.ts';
export type { UserService } from './user.service.ts';
