package aisle.testnode;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.apache.lucene.analysis.miscellaneous.TruncateTokenFilter;
import org.apache.lucene.analysis.ngram.EdgeNGramTokenFilter;
import org.apache.lucene.analysis.snowball.SnowballFilter;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.index.IndexSettings;
import org.elasticsearch.index.analysis.AbstractTokenFilterFactory;
import org.elasticsearch.index.analysis.TokenFilterFactory;

import java.util.function.UnaryOperator;

/** The token filters, each a Lucene filter with the settings of the analysis-common filter of the same name. */
final class TokenFilters {
    private TokenFilters() {}

    private static TokenFilterFactory of(String name, Settings settings, UnaryOperator<TokenStream> filter) {
        return new AbstractTokenFilterFactory(name, settings) {
            @Override
            public TokenStream create(TokenStream stream) {
                return filter.apply(stream);
            }
        };
    }

    /** `language`: a Snowball stemmer name such as English or Swedish (default English). */
    static TokenFilterFactory snowball(String name, Settings settings) {
        String language = settings.get("language", "English");
        return of(name, settings, stream -> new SnowballFilter(stream, language));
    }

    /** `min_gram` (1), `max_gram` (2), `preserve_original`; the span is bounded by `index.max_ngram_diff`. */
    static TokenFilterFactory edgeNGram(IndexSettings index, String name, Settings settings) {
        int min = settings.getAsInt("min_gram", 1);
        int max = settings.getAsInt("max_gram", 2);
        boolean preserve = settings.getAsBoolean("preserve_original", false);
        int allowed = index.getMaxNgramDiff();
        if (max - min > allowed) {
            throw new IllegalArgumentException(
                "The difference between max_gram and min_gram in Edge NGram Tokenizer must be less than or equal to: ["
                    + allowed + "] but was [" + (max - min) + "]. This limit can be set by changing the ["
                    + IndexSettings.MAX_NGRAM_DIFF_SETTING.getKey() + "] index level setting."
            );
        }
        return of(name, settings, stream -> new EdgeNGramTokenFilter(stream, min, max, preserve));
    }

    /** `length`: required, positive. */
    static TokenFilterFactory truncate(String name, Settings settings) {
        int length = settings.getAsInt("length", -1);
        if (length <= 0) throw new IllegalArgumentException("length parameter must be provided");
        return of(name, settings, stream -> new TruncateTokenFilter(stream, length));
    }

    /** `preserve_original` (false). */
    static TokenFilterFactory asciiFolding(String name, Settings settings) {
        boolean preserve = settings.getAsBoolean("preserve_original", false);
        return of(name, settings, stream -> new ASCIIFoldingFilter(stream, preserve));
    }
}
