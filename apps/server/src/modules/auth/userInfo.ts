/** The `userInfo` object the web app stores locally (spec p1 §3 and p2 §3 "User info"; contract ZUserInfo). */
import type { TUserInfo } from '@cunzheng/contract/auth';
import type { UserRow } from '../../platform/auth.ts';

export type UserInfo = TUserInfo;

/**
 * Builds the userInfo of a user row. Membership, KYC-type and notification fields are 0 ("none") until
 * the member, KYC and notification contexts exist and fill them.
 */
export function toUserInfo(u: UserRow): UserInfo {
  return {
    userId: u.id,
    mobile: u.mobile,
    userStatus: u.userStatus,
    status: u.type,
    type: 0,
    companyStatus: 0,
    repairType: 0,
    bindTime: 0,
    bindStatus: 0,
    memberId: 0,
    points: u.points,
    newsNum: 0,
    company: u.company,
    contactName: u.name,
    contactPhone: u.mobile,
    extractCode: u.extractCode,
    role: u.role === 'operator' ? 'operator' : 'user',
    notary: false,
  };
}
