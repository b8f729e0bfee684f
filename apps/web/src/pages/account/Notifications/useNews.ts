/**
 * Data and actions of /notifications (spec p1 §2, §4, §7, §9): the page's list (POST /api/News/listing,
 * 10 per page) and the read / read-all / delete calls. After each action both the list and the
 * header badge (`NEWS_KEYS.unread`) are invalidated, so the badge follows without a reload.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { NEWS_KEYS, newsDel, newsList, newsRead } from '../../../api/account';

export function useNews(page: number) {
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: [...NEWS_KEYS.list, page],
    queryFn: async () => {
      const r = await newsList(page);
      // The listing's unread count is the freshest: hand it to the header badge.
      qc.setQueriesData({ queryKey: NEWS_KEYS.unread }, { count: r.unread });
      return r;
    },
    placeholderData: keepPreviousData,
  });

  const refresh = async () => {
    await Promise.all([qc.invalidateQueries({ queryKey: NEWS_KEYS.list }), qc.invalidateQueries({ queryKey: NEWS_KEYS.unread })]);
  };

  return {
    list,
    /** Marks ids read (or all); resolves to the server's msg. */
    read: async (ids: readonly number[] | 'all') => {
      const r = await newsRead(ids);
      void refresh();
      return r.msg;
    },
    /** Deletes ids; resolves to the server's msg. */
    remove: async (ids: readonly number[]) => {
      const r = await newsDel(ids);
      void refresh();
      return r.msg;
    },
  };
}
