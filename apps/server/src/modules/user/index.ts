export { createUserModule, type UserModule } from './user.module.ts';
export { userModule } from './user.routes.ts';
export { maskEmail, maskPhone, toProfile } from './user.mapper.ts';
export type { UserService } from './user.service.ts';
