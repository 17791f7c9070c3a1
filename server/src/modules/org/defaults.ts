import { ALL_FUNCTION_SIGNS, type FunctionSign, MAIN_ROUTES, RoleSign, UNRESTRICTED_ROUTES } from '@crm/core';

/** The roles every new organisation starts with. */
export const DEFAULT_ROLES: {
  name: string;
  roleSign: string;
  dataScope: 1 | 2 | 3;
  functionSigns: FunctionSign[];
  routes: string[];
}[] = [
  {
    name: '超级管理员',
    roleSign: RoleSign.SUPER_ADMIN,
    dataScope: 3,
    functionSigns: ALL_FUNCTION_SIGNS,
    routes: UNRESTRICTED_ROUTES,
  },
  {
    name: '销售经理',
    roleSign: RoleSign.MANAGER,
    dataScope: 2,
    functionSigns: ALL_FUNCTION_SIGNS.filter((s) => s !== 'org:edit' && s !== 'role:edit' && s !== 'cost:edit'),
    routes: MAIN_ROUTES.map((r) => r.path).filter((p) => p !== '/role'),
  },
  {
    name: '坐席',
    roleSign: RoleSign.SEAT,
    dataScope: 1,
    functionSigns: [
      'clue:view',
      'clue:add',
      'clue:edit',
      'publicsea:receive',
      'call:out',
      'recording:view',
      'recording:upload',
      'analysis:view',
      'insight:view',
      'assistant:use',
      'knowledge:view',
      'order:view',
      'order:edit',
      'stats:view',
      'board:view',
      'practice:use',
      'guidance:use',
    ],
    routes: MAIN_ROUTES.filter((r) => r.menu === 'customer' || r.menu === 'call' || !r.menu)
      .map((r) => r.path)
      .filter((p) => !['/dataImport', '/staffCheck'].includes(p))
      .concat(['/feedback', '/speechAssistant', '/aIPractice', '/practicelog'])
      .concat(['/aiCustomer', '/AiCustomerAnalysis', '/aiBusinessReminder'])
      .concat(['/knowledgeBase'])
      .concat(['/aiTimeTeacher', '/guideRecord']),
  },
];
