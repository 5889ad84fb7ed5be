package io.dbharness.core.api;

import java.util.List;

/**
 * One query instance's answer as the result keeps it: the parameters, the digest of the normalised answer,
 * and the normalised rows themselves when the answer is small.
 *
 * @param instance   the instance number; with the same flags and seed it has the same parameters in every run
 * @param parameters the instance's parameters in words, e.g. {@code tag=17 start=2022-04-18T09:00:00Z}
 * @param digest     SHA-256 of the normalised rows, hex
 * @param values     the normalised rows, or null when the answer has more rows than a result keeps
 */
public record AnswerDigest(String query, long instance, String parameters, long rows, String digest,
                           List<List<String>> values) {

    /** The workload facts' detail giving the CPU seconds the answers' digests took (merged results: the sum). */
    public static final String DIGEST_CPU_DETAIL = "answersDigestCpuSeconds";
}
