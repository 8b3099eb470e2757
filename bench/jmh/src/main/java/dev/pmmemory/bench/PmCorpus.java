package dev.pmmemory.bench;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * Deterministic feedback messages of the kind a PM sends the bot: every type of the lexicon,
 * Chinese and English, known and unknown company names, amounts, dates, and now and then a secret
 * to redact. Message {@code i} is always the same text (no randomness), so two runs measure the
 * same work. The same vocabulary feeds bench/load/messages.lua.
 */
public final class PmCorpus {
    static final String[] KNOWN = {"OpenAI", "Anthropic", "智谱AI", "月之暗面", "Mistral AI", "深度求索", "Figure AI",
            "MiniMax", "百川智能", "Perplexity", "Runway", "零一万物"};
    private static final String[] ROOTS = {"Nova", "Helix", "Quanta", "Lumen", "Vector", "Orbit", "Cedar", "Pulse",
            "Atlas", "Zenith", "Ember", "Sonar", "Kite", "Prism", "Nimbus", "Forge"};
    private static final String[] TAILS = {"tek", "ly", "ware", "bio", "mind", "grid", "labs", "works"};
    private static final String[] SECTORS = {"具身智能", "AI 芯片", "大模型应用", "出海 SaaS", "自动驾驶", "合成生物",
            "储能", "机器人", "AI 搜索", "医疗影像"};
    private static final String[] TEMPLATES = {
            "%s 估值%d亿美元，太贵了，%s 之后再看",
            "%s 团队不错，产品有亮点，%s 的 demo 印象深刻",
            "%s 可以推进，%s 约创始人聊聊，ARR 已经 %d 百万",
            "%s 商业化弱，收入才%d万，先不跟",
            "以后少推%s方向估值超过%d亿的项目",
            "%s赛道最近热，%s 前后有%d家在融资",
            "本周在路上，%s 之后再约，第%d次出差",
            "Met %s founder on %s, strong team, let's move forward at $%dM pre",
            "%s burn rate is too high at $%dM a month, pass",
            "%s 可以投，联系人手机 138%08d，%s 前给答复",
            "%s 数据不错，token 是 sk-live%032d 别外传，下周见一下",
            "我更倾向%s的早期项目，单笔不超过%d百万",
    };

    private PmCorpus() {
    }

    /** A company name: the first of every twelve is a dictionary entity, the others unique per {@code i}. */
    public static String company(int i) {
        if (i % 12 == 0) {
            return KNOWN[(i / 12) % KNOWN.length];
        }
        String name = ROOTS[i % ROOTS.length] + TAILS[(i / ROOTS.length) % TAILS.length];
        int round = i / (ROOTS.length * TAILS.length);
        return round == 0 ? name : name + round;
    }

    /** A date within the quarter before 2026-06-30, as a PM writes it. */
    public static String date(int i) {
        LocalDate d = LocalDate.of(2026, 6, 30).minusDays((i * 7L) % 90);
        return i % 2 == 0 ? d.toString() : d.getMonthValue() + "月" + d.getDayOfMonth() + "日";
    }

    /** Message {@code i}: template {@code i mod 12}, so the types come in a fixed proportion. */
    public static String message(int i) {
        String c = company(i);
        String s = SECTORS[i % SECTORS.length];
        String d = date(i);
        int n = 3 + (i * 37) % 97;
        return switch (i % TEMPLATES.length) {
            case 0 -> String.format(TEMPLATES[0], c, n, d);
            case 1 -> String.format(TEMPLATES[1], c, d);
            case 2 -> String.format(TEMPLATES[2], c, d, n);
            case 3 -> String.format(TEMPLATES[3], c, n * 10);
            case 4 -> String.format(TEMPLATES[4], s, n);
            case 5 -> String.format(TEMPLATES[5], s, d, n);
            case 6 -> String.format(TEMPLATES[6], d, n);
            case 7 -> String.format(TEMPLATES[7], c, d, n);
            case 8 -> String.format(TEMPLATES[8], c, n);
            case 9 -> String.format(TEMPLATES[9], c, 10_000_000 + i * 7919 % 89_999_999, d);
            case 10 -> String.format(TEMPLATES[10], c, i);
            default -> String.format(TEMPLATES[11], s, n);
        };
    }

    public static List<String> messages(int count) {
        List<String> all = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            all.add(message(i));
        }
        return all;
    }

    /** Queries a bot asks before answering: a company, a sector, a topic, a mix. */
    public static List<String> queries() {
        return List.of("OpenAI 估值", "具身智能赛道", "Novatek 团队", "海外早期项目", "商业化", "Anthropic 推进",
                "AI 芯片 估值", "Helixly", "burn rate", "下周约创始人");
    }
}
